"""Issue 10, sessions and logins: server-side sessions, session-bound CSRF, security headers,
safe redirects, shared sign-in limits, trusted proxies and the first-director race.

Each test names the finding it guards and fails on the code before the fix.
"""

from __future__ import annotations

import re
import threading
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Literal

import pytest
from argon2 import PasswordHasher

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.app import App as Application
from pokertd.app.accounts import AccountService
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.web import Role, Settings, create_app
from pokertd.web.auth import client_address, parse_proxies, safe_path

from .conftest import DIRECTOR_PW, FLOOR_PW, Env

NEW_PW = "a-new-password-9"


class CountingHasher(PasswordHasher):
    """A cheap argon2 hasher that counts (and slows) verifications and tracks concurrency."""

    def __init__(self, delay_s: float = 0.0) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.delay_s = delay_s
        self.verified = 0
        self.running = 0
        self.max_running = 0
        self._lock = threading.Lock()

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        with self._lock:
            self.verified += 1
            self.running += 1
            self.max_running = max(self.max_running, self.running)
        try:
            time.sleep(self.delay_s)
            return super().verify(hash, password)
        finally:
            with self._lock:
                self.running -= 1


@dataclass
class App:
    """An app over a temporary SQLite file with a counting hasher."""

    app: Any
    users: AccountService
    service: TournamentService
    hasher: CountingHasher

    def client(self, address: str = "10.0.0.2") -> TestClient:
        """A client whose TCP peer address is ``address``."""
        return TestClient(self.app, client=(address, 40000))


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Any]:
    """Factory: ``make_app(delay_s=..., **settings)`` -> :class:`App` (closed afterwards)."""
    made: list[App] = []

    def build(delay_s: float = 0.0, **settings: Any) -> App:
        url = f"sqlite:///{tmp_path / f'auth{len(made)}.db'}"
        hasher = CountingHasher(delay_s)
        service = open_service(url)
        users = AccountService(url, hasher=hasher)
        users.add("floor1", FLOOR_PW, Role.FLOOR)
        opts: dict[str, Any] = {"db_url": url, "director_password": DIRECTOR_PW} | settings
        app = create_app(Application.over(service), Settings(**opts), users=users)
        made.append(App(app, users, service, hasher))
        return made[-1]

    yield build
    for a in made:
        a.service.close()
        a.users.close()


def _login(client: TestClient, name: str = "director", password: str = DIRECTOR_PW) -> str:
    r = client.post("/api/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return str(r.json()["csrf"])


# ---- server-side sessions ----------------------------------------------------------------


def test_session_dead_after_logout(env: Env, tid: str) -> None:
    """Finding: a session kept working for 12 hours after logout (replayed cookie)."""
    h = env.login()
    old = env.client.cookies.get("pokertd_session")
    assert old
    r = env.client.post("/logout", data={"csrf_token": h["X-CSRF-Token"]}, follow_redirects=False)
    assert r.status_code == 303
    env.client.cookies.set("pokertd_session", old)  # the attacker kept a copy
    env.client.cookies.set("pokertd_csrf", h["X-CSRF-Token"])
    assert env.client.get("/api/me").json()["role"] == "public"
    r = env.client.post(f"/api/tournaments/{tid}/commands/undo", headers=h)
    assert r.status_code == 401
    assert env.client.get(f"/t/{tid}/floor", follow_redirects=False).status_code == 303


def test_api_logout_ends_the_session_too(env: Env) -> None:
    h = env.login()
    old = env.client.cookies.get("pokertd_session") or ""
    assert env.client.post("/api/logout", headers=h).json() == {"ok": True}
    env.client.cookies.set("pokertd_session", old)
    assert env.client.get("/api/me").json()["role"] == "public"


def test_session_dead_after_password_change(env: Env) -> None:
    """Finding: a session survived its account's password change."""
    env.login("floor1", FLOOR_PW)
    assert env.client.get("/api/me").json()["role"] == "floor"
    env.users.set_password("floor1", NEW_PW)
    assert env.client.get("/api/me").json()["role"] == "public"
    env.login("floor1", NEW_PW)
    assert env.client.get("/api/me").json()["role"] == "floor"


def test_session_dead_after_demotion(env: Env, tid: str) -> None:
    """Finding: a demoted floorperson kept the floor role for the session's 12 hours."""
    h = env.login("floor1", FLOOR_PW)
    env.users.set_role("floor1", Role.DEALER)
    assert env.client.get("/api/me").json()["role"] == "public"
    r = env.client.post(f"/api/tournaments/{tid}/commands/undo", headers=h)
    assert r.status_code == 401
    assert env.users.user("floor1") is not None
    assert env.users.user("floor1").role is Role.DEALER  # type: ignore[union-attr]


def test_session_dead_after_user_removal(env: Env) -> None:
    """Finding: a removed account's session kept working."""
    env.login("floor1", FLOOR_PW)
    env.users.remove("floor1")
    assert env.client.get("/api/me").json()["role"] == "public"
    r = env.client.post("/api/login", json={"name": "floor1", "password": FLOOR_PW})
    assert r.status_code == 403


def test_session_dead_after_password_reset_by_cli_add(env: Env) -> None:
    env.login("floor1", FLOOR_PW)
    env.users.add("floor1", NEW_PW, Role.FLOOR, replace=True)
    assert env.client.get("/api/me").json()["role"] == "public"


def test_cookie_holds_only_a_random_token_not_the_role(env: Env) -> None:
    env.login()
    cookie = env.client.cookies.get("pokertd_session") or ""
    assert "director" not in cookie
    assert "." not in cookie
    assert len(cookie) >= 40
    rows = env.users.sessions(now=time.time())
    assert [(r.user, r.role) for r in rows] == [("director", Role.DIRECTOR)]
    assert cookie not in {r.id for r in rows}  # the store keeps a hash, not the token


def test_director_lists_and_ends_sessions(env: Env) -> None:
    """A director sees every live session (with address and browser) and ends one."""
    floor = TestClient(env.client.app, client=("10.1.2.3", 5000))
    _login(floor, "floor1", FLOOR_PW)
    assert floor.get("/api/sessions").status_code == 403  # floor may not list them
    h = env.login()
    listed = env.client.get("/api/sessions").json()
    assert sorted(s["user"] for s in listed) == ["director", "floor1"]
    theirs = next(s for s in listed if s["user"] == "floor1")
    assert theirs["address"] == "10.1.2.3"
    assert theirs["role"] == "floor"
    assert theirs["current"] is False
    assert next(s for s in listed if s["user"] == "director")["current"] is True
    r = env.client.delete(f"/api/sessions/{theirs['id']}")  # no CSRF header
    assert r.status_code == 403
    r = env.client.delete(f"/api/sessions/{theirs['id']}", headers=h)
    assert r.status_code == 200, r.text
    assert floor.get("/api/me").json()["role"] == "public"
    assert env.client.delete(f"/api/sessions/{theirs['id']}", headers=h).status_code == 404
    assert [s["user"] for s in env.client.get("/api/sessions").json()] == ["director"]
    env.logout()
    assert env.client.get("/api/sessions").status_code == 401


def test_dealer_pin_sessions_are_server_side(env: Env, tid: str) -> None:
    env.login()
    pin = env.client.get(f"/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    dealer = TestClient(env.client.app)
    r = dealer.post("/api/dealer/login", json={"tournament": tid, "table": 1, "pin": pin})
    assert r.status_code == 200
    row = next(s for s in env.users.sessions(now=time.time()) if s.kind == "dealer")
    assert (row.tournament, row.table, row.role) == (tid, 1, Role.DEALER)
    assert env.users.end_session(row.id)
    assert dealer.get("/api/me").json()["role"] == "public"


# ---- CSRF bound to the session -----------------------------------------------------------


def test_csrf_token_of_session_a_refused_for_session_b(env: Env, tid: str) -> None:
    """Finding: the CSRF token was a free-floating cookie, valid with any session."""
    a = TestClient(env.client.app)
    token_a = _login(a)
    b = env.client
    token_b = env.login()["X-CSRF-Token"]
    assert token_a != token_b
    b.cookies.set("pokertd_csrf", token_a)  # even with the cookie planted to match
    r = b.post(f"/api/tournaments/{tid}/commands/undo", headers={"X-CSRF-Token": token_a})
    assert r.status_code == 403
    assert r.json()["error"] == "csrf_failed"
    b.cookies.set("pokertd_csrf", "x" * 30)  # the old double-submit: any cookie == header
    r = b.post(f"/api/tournaments/{tid}/commands/undo", headers={"X-CSRF-Token": "x" * 30})
    assert r.json()["error"] == "csrf_failed"
    r = b.post(f"/api/tournaments/{tid}/commands/undo", headers={"X-CSRF-Token": token_b})
    assert r.status_code == 200, r.text


def test_anonymous_forms_need_a_signed_token(env: Env) -> None:
    """Before sign-in the token is signed by the server: a made-up pair is refused."""
    env.client.cookies.set("pokertd_csrf", "made-up-token-made-up")
    r = env.client.post(
        "/login",
        data={"name": "director", "password": DIRECTOR_PW, "csrf_token": "made-up-token-made-up"},
    )
    assert r.status_code == 403
    env.client.cookies.clear()
    page = env.client.get("/login").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    r = env.client.post(
        "/login",
        data={"name": "director", "password": DIRECTOR_PW, "csrf_token": token.group(1)},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert env.client.get("/api/me").json()["role"] == "director"


# ---- security headers and CSP ------------------------------------------------------------


def _assert_secure_headers(r: Any, where: str) -> None:
    csp = r.headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in csp, where
    assert r.headers.get("x-frame-options") == "DENY", where
    assert r.headers.get("x-content-type-options") == "nosniff", where
    assert r.headers.get("referrer-policy") == "same-origin", where


def test_security_headers_on_every_response(env: Env, tid: str) -> None:
    """Finding: no page sent CSP, frame or nosniff headers."""
    seen = {}
    for url in (
        "/",
        "/login",
        f"/t/{tid}/tv",
        f"/t/{tid}/player",
        "/api/tournaments",
        f"/api/tournaments/{tid}",
        "/api/me",
        "/api/no-such-route",
        "/t/nope/tv",
        "/static/app.css",
        "/static/app.js",
        f"/t/{tid}/qr.svg",
        "/openapi.json",
    ):
        r = env.client.get(url)
        seen[url] = r.status_code
        _assert_secure_headers(r, url)
        assert "script-src 'self';" in r.headers["content-security-policy"], url
    assert seen["/api/no-such-route"] == 404
    assert seen["/t/nope/tv"] == 404
    assert seen["/static/app.css"] == 200
    r = env.client.post("/api/tournaments/x/commands/undo")  # a refusal (403) too
    assert r.status_code in (401, 403)
    _assert_secure_headers(r, "refusal")


def test_docs_have_the_strict_page_policy(env: Env) -> None:
    """Issue 16: the API reference is our own page (web/apidocs.py), so it gets the same
    policy as every page; there is no relaxed docs policy and no CDN left."""
    r = env.client.get("/docs")
    assert r.status_code == 200
    _assert_secure_headers(r, "/docs")
    csp = r.headers["content-security-policy"]
    assert csp == env.client.get("/").headers["content-security-policy"]
    assert "https:" not in csp
    assert "'unsafe-inline'" not in csp.split(";")[1]  # script-src
    assert re.findall(r'src="(https?://[^"]+)"', r.text) == []


class _ScriptAudit(HTMLParser):
    """Collects what a strict CSP would block: inline code and handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._in_inline = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if name == "style":  # style-src has no 'unsafe-inline' (issue 24)
                self.problems.append(f"<{tag} style=...>")
            if name in {"href", "src", "action"} and (value or "").lower().startswith(
                "javascript:"
            ):
                self.problems.append(f"<{tag} {name}=javascript:...>")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "script":
            kind = (a.get("type") or "").lower()
            if a.get("src"):
                src = str(a["src"])
                if not src.startswith("/static/"):
                    self.problems.append(f"script from {src}")
            elif kind != "application/json":
                self._in_inline = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_inline = False

    def handle_data(self, data: str) -> None:
        if self._in_inline and data.strip():
            self.problems.append(f"inline script: {data.strip()[:40]}")


def test_pages_satisfy_the_csp(env: Env, tid: str) -> None:
    """No inline script code (JSON data blocks only), no handlers, no foreign scripts."""
    env.login()
    pin = env.client.get(f"/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    pages = [
        "/",
        "/login",
        f"/t/{tid}/floor",
        f"/t/{tid}/tv",
        f"/t/{tid}/player",
        f"/t/{tid}/dealer/1",
        f"/t/{tid}/print/seats",
        f"/t/{tid}/print/payouts",
        f"/t/{tid}/print/receipts",
        f"/t/{tid}/print/results",
    ]
    checked = 0
    for url in pages:
        r = env.client.get(url)
        assert r.status_code == 200, url
        audit = _ScriptAudit()
        audit.feed(r.text)
        assert audit.problems == [], (url, audit.problems)
        checked += 1
    dealer = TestClient(env.client.app)
    dealer.post("/api/dealer/login", json={"tournament": tid, "table": 1, "pin": pin})
    audit = _ScriptAudit()
    audit.feed(dealer.get(f"/t/{tid}/dealer/1").text)
    assert audit.problems == []
    assert checked == len(pages)


# ---- no open redirects -------------------------------------------------------------------


@pytest.mark.parametrize(
    "back",
    [
        "//evil.example",
        "/\\evil.example",
        "https://evil.example/",
        "http:/evil.example",
        "javascript:alert(1)",
        "/t/x\r\nLocation: //evil.example",
        "evil.example",
    ],
)
def test_form_back_refuses_offsite_redirects(env: Env, tid: str, back: str) -> None:
    """Finding: the form route redirected to ``_back=//evil.example``."""
    h = env.login()
    before = len(env.client.get(f"/api/tournaments/{tid}/events").json())
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/undo/form",
        data={"csrf_token": h["X-CSRF-Token"], "_back": back},
        follow_redirects=False,
    )
    assert r.status_code == 422, r.text
    assert "location" not in r.headers
    assert len(env.client.get(f"/api/tournaments/{tid}/events").json()) == before  # not run


def test_login_next_stays_on_this_site(env: Env) -> None:
    page = env.client.get("/login", params={"next": "/\\evil.example"}).text
    assert 'name="next" value="/"' in page
    token = env.client.cookies.get("pokertd_csrf")
    r = env.client.post(
        "/login",
        data={
            "name": "director",
            "password": DIRECTOR_PW,
            "csrf_token": token,
            "next": "/\\evil.example",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == "/"


def test_safe_path() -> None:
    assert safe_path("/t/abc/floor?x=1") == "/t/abc/floor?x=1"
    for bad in ("", "//x", "/\\x", "https://x/", "x/y", "/a\nb", "/a\x7fb", "\\\\x"):
        assert safe_path(bad) is None, bad


# ---- sign-in limits ----------------------------------------------------------------------


def test_40_concurrent_wrong_logins_hash_at_most_5(make_app: Any) -> None:
    """Finding: 40 concurrent wrong logins from one address were all checked (limit 5)."""
    a = make_app(delay_s=0.05)
    with a.client("10.9.9.9") as client:

        def attempt(_: int) -> int:
            r = client.post("/api/login", json={"name": "director", "password": "wrong-pass"})
            return int(r.status_code)

        with ThreadPoolExecutor(max_workers=40) as pool:
            codes = list(pool.map(attempt, range(40)))
    assert len(codes) == 40
    assert codes.count(403) <= 5
    assert codes.count(403) + codes.count(429) == 40
    assert 1 <= a.hasher.verified <= 5
    assert a.hasher.max_running <= 2  # the hashing semaphore


def test_hashing_is_bounded_and_busy_is_not_a_failure(make_app: Any) -> None:
    """When every hashing slot is taken the sign-in is told to retry, and not counted."""
    a = make_app()
    a.users.hash_wait_s = 0.05
    taken = [a.users._slots.acquire(timeout=1) for _ in range(2)]
    assert taken == [True, True]
    try:
        with a.client() as client:
            for _ in range(7):  # more than the limit: busy answers do not use it up
                r = client.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
                assert r.status_code == 429
                assert "busy" in r.json()["message"]
    finally:
        for _ in taken:
            a.users._slots.release()
    with a.client() as client:
        assert (
            client.post(
                "/api/login", json={"name": "director", "password": DIRECTOR_PW}
            ).status_code
            == 200
        )


def test_stranger_cannot_lock_out_the_director(make_app: Any) -> None:
    """Finding: five wrong passwords from anyone locked the director out for five minutes."""
    a = make_app()
    with a.client("192.168.1.66") as stranger:
        for _ in range(5):
            r = stranger.post("/api/login", json={"name": "director", "password": "guess-1234"})
            assert r.status_code == 403
        r = stranger.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
        assert r.status_code == 429  # the stranger's address is backed off
    with a.client("192.168.1.10") as tablet:
        r = tablet.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
        assert r.status_code == 200, r.text


def test_account_limit_spares_the_accounts_known_addresses(make_app: Any) -> None:
    """Many strangers together hold the account back only from NEW addresses."""
    a = make_app(login_account_attempts=10)
    with a.client("10.0.0.10") as office:
        _login(office)  # the office is now a known-good address of "director"
        office.post(
            "/api/logout", headers={"X-CSRF-Token": office.cookies.get("pokertd_csrf") or ""}
        )
    for n in range(2):
        with a.client(f"172.16.0.{n + 1}") as stranger:
            for _ in range(5):
                r = stranger.post("/api/login", json={"name": "director", "password": "nope-nope"})
                assert r.status_code == 403
    with a.client("172.16.0.99") as newcomer:
        r = newcomer.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
        assert r.status_code == 429  # a new address: the account's counter applies
    with a.client("10.0.0.10") as office:
        assert (
            office.post(
                "/api/login", json={"name": "director", "password": DIRECTOR_PW}
            ).status_code
            == 200
        )


def test_attempts_are_counted_in_the_shared_store(make_app: Any, tmp_path: Path) -> None:
    """A second process on the same database sees the first one's failures."""
    a = make_app()
    with a.client("10.3.3.3") as client:
        for _ in range(5):
            client.post("/api/login", json={"name": "floor1", "password": "wrong-pass"})
    other_users = AccountService(a.users.url, hasher=a.hasher)
    other_service = open_service(a.users.url)
    try:
        other = create_app(
            Application.over(other_service), Settings(db_url=a.users.url), users=other_users
        )
        with TestClient(other, client=("10.3.3.3", 1)) as client:
            r = client.post("/api/login", json={"name": "floor1", "password": FLOOR_PW})
            assert r.status_code == 429
    finally:
        other_service.close()
        other_users.close()


def test_x_forwarded_for_ignored_unless_from_a_trusted_proxy(make_app: Any) -> None:
    """Finding: the client address must come from trusted proxy headers only."""
    plain = make_app()
    with plain.client("10.5.5.5") as client:
        codes = [
            client.post(
                "/api/login",
                json={"name": "floor1", "password": "wrong-pass"},
                headers={"X-Forwarded-For": f"203.0.113.{i}"},
            ).status_code
            for i in range(7)
        ]
    assert codes == [403] * 5 + [429] * 2  # rotating the header does not help
    proxied = make_app(trusted_proxies=("10.0.0.1",))
    with proxied.client("10.0.0.1") as proxy:
        codes = [
            proxy.post(
                "/api/login",
                json={"name": "floor1", "password": "wrong-pass"},
                headers={"X-Forwarded-For": f"203.0.113.{i}"},
            ).status_code
            for i in range(7)
        ]
        assert codes == [403] * 7  # seven clients behind the proxy, one try each
        r = proxy.post(
            "/api/login",
            json={"name": "floor1", "password": FLOOR_PW},
            headers={"X-Forwarded-For": "6.6.6.6, 198.51.100.7"},
        )
        assert r.status_code == 200
    row = next(s for s in proxied.users.sessions(now=time.time()) if s.user == "floor1")
    assert row.address == "198.51.100.7"  # the nearest hop, not what the client claimed


def test_client_address_walks_trusted_hops() -> None:
    class Conn:
        def __init__(self, peer: str, xff: str) -> None:
            from starlette.datastructures import Address, Headers

            self.client = Address(peer, 1)
            self.headers = Headers({"x-forwarded-for": xff})

    trusted = parse_proxies(["10.0.0.0/8", "::1"])
    conn: Any = Conn("10.0.0.1", "1.1.1.1, 2.2.2.2, 10.0.0.7")
    assert client_address(conn, trusted) == "2.2.2.2"
    assert client_address(Conn("8.8.8.8", "1.1.1.1"), trusted) == "8.8.8.8"  # type: ignore[arg-type]
    assert client_address(Conn("10.0.0.1", "junk"), trusted) == "10.0.0.1"  # type: ignore[arg-type]
    assert client_address(conn, ()) == "10.0.0.1"
    with pytest.raises(Exception, match="not an IP address"):
        parse_proxies(["proxy.example"])


# ---- first run ---------------------------------------------------------------------------


def test_concurrent_setup_pages_make_one_director(make_app: Any) -> None:
    """Two browsers on /setup at once: one director, the other is sent to sign in."""
    a = make_app(director_password="")
    clients = [a.client(f"10.7.0.{i}") for i in range(4)]
    tokens = []
    for c in clients:
        c.get("/setup")
        tokens.append(c.cookies.get("pokertd_csrf"))
    barrier = threading.Barrier(len(clients))

    def setup(i: int) -> int:
        barrier.wait()
        r = clients[i].post(
            "/setup",
            data={
                "name": f"td{i}",
                "password": "long-enough-1",
                "password2": "long-enough-1",
                "csrf_token": tokens[i],
            },
            follow_redirects=False,
        )
        return int(r.status_code)

    with ThreadPoolExecutor(max_workers=4) as pool:
        codes = list(pool.map(setup, range(len(clients))))
    assert codes == [303] * 4
    assert len([u for u in a.users.users() if u.role is Role.DIRECTOR]) == 1


@pytest.mark.postgres
def test_two_servers_first_run_on_fresh_postgres_one_director() -> None:
    """Finding: two servers starting together on a fresh PostgreSQL database must both come
    up (tables, key and first director created once, whoever is first)."""
    import secrets

    import psycopg

    from pokertd.store.testing import postgres_test_url

    base, reason = postgres_test_url()
    if base is None:
        pytest.skip(reason)
    dbname = f"pokertd_h1_{secrets.token_hex(4)}"
    admin = psycopg.connect(base, autocommit=True)
    admin.execute(f"CREATE DATABASE {dbname}")
    url = base.rsplit("/", 1)[0] + f"/{dbname}"
    try:
        n = 6
        barrier = threading.Barrier(n)
        errors: list[str] = []
        created: list[bool] = []
        keys: list[str] = []

        def start(_: int) -> None:
            barrier.wait()
            try:
                users = AccountService(
                    url, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
                )
                try:
                    created.append(users.ensure_first_director("director", DIRECTOR_PW))
                    keys.append(users.secret_key())
                finally:
                    users.close()
            except Exception as exc:
                errors.append(repr(exc))

        threads = [threading.Thread(target=start, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert errors == []
        assert sorted(created) == [False] * (n - 1) + [True]
        assert len(set(keys)) == 1
        users = AccountService(url)
        try:
            assert [(u.name, u.role) for u in users.users()] == [("director", Role.DIRECTOR)]
        finally:
            users.close()
        _two_serve_processes(url)
    finally:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            (dbname,),
        )
        admin.execute(f"DROP DATABASE IF EXISTS {dbname}")
        admin.close()


def _two_serve_processes(url: str) -> None:
    """Two ``pokertd serve`` processes started at once on a fresh database both answer."""
    import os
    import subprocess
    import sys
    import urllib.request

    import psycopg

    from .servers import free_port as _free_port

    with psycopg.connect(url, autocommit=True) as conn:  # start from an empty database again
        conn.execute(
            "DROP TABLE pokertd_users, pokertd_settings, pokertd_sessions, "
            "pokertd_login_attempts, pokertd_known_addresses"
        )
    env = {**os.environ, "POKERTD_NO_PROMPT": "1", "POKERTD_DIRECTOR_PASSWORD": DIRECTOR_PW}
    ports = [_free_port(), _free_port()]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from pokertd.cli import main; main()",
                "serve",
                "--db",
                url,
                "--port",
                str(p),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for p in ports
    ]
    try:
        for proc, port in zip(procs, ports, strict=True):
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/me", timeout=1).read()
                    break
                except OSError:
                    if proc.poll() is not None:
                        err = proc.stderr.read().decode() if proc.stderr else ""
                        pytest.fail(f"pokertd serve exited: {err[-500:]}")
                    time.sleep(0.1)
            else:
                pytest.fail("pokertd serve did not start")
    finally:
        for proc in procs:
            proc.terminate()
            proc.communicate(timeout=10)  # also closes the stderr pipe
    users = AccountService(url)
    try:
        assert [(u.name, u.role) for u in users.users()] == [("director", Role.DIRECTOR)]
    finally:
        users.close()


# ---- the command line --------------------------------------------------------------------


def test_cli_lists_and_ends_sessions_and_changes_accounts(env: Env) -> None:
    """``pokertd user sessions / end-session / role / remove`` end sessions too."""
    import json

    from typer.testing import CliRunner

    from pokertd.cli import app

    runner = CliRunner()
    floor = TestClient(env.client.app, client=("10.4.4.4", 1))
    _login(floor, "floor1", FLOOR_PW)
    env.login()
    r = runner.invoke(app, ["user", "sessions", "--db", env.url, "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert sorted(row["user"] for row in rows) == ["director", "floor1"]
    theirs = next(row for row in rows if row["user"] == "floor1")
    assert theirs["address"] == "10.4.4.4"
    r = runner.invoke(app, ["user", "end-session", theirs["id"][:4], "--db", env.url])
    assert r.exit_code == 2  # too short to be sure
    r = runner.invoke(app, ["user", "end-session", theirs["id"][:12], "--db", env.url])
    assert r.exit_code == 0, r.output
    assert floor.get("/api/me").json()["role"] == "public"
    _login(floor, "floor1", FLOOR_PW)
    r = runner.invoke(app, ["user", "role", "floor1", "dealer", "--db", env.url, "--json"])
    assert json.loads(r.output) == {"name": "floor1", "role": "dealer"}
    assert floor.get("/api/me").json()["role"] == "public"
    _login(floor, "floor1", FLOOR_PW)
    assert floor.get("/api/me").json()["role"] == "dealer"
    r = runner.invoke(app, ["user", "remove", "floor1", "--db", env.url])
    assert r.exit_code == 0, r.output
    assert floor.get("/api/me").json()["role"] == "public"
    r = runner.invoke(app, ["user", "remove", "floor1", "--db", env.url, "--json"])
    assert r.exit_code != 0
    assert json.loads(r.output)["error"] == "not_found"
